import type { ManualEdition } from './types.ts';

export const manualEn: ManualEdition = {
  language: 'en',
  title: 'Common Drive: user manual',
  updated: '2026-11-26',
  intro: 'This manual explains how to sign in, work with the shared drive and, for administrators, how to manage the contract. Your administrator sets the password rules, the second sign-in step and who may do what; ask them when something is refused.',
  labels: { contents: 'Contents', updated: 'Updated', forAdministrators: 'For administrators' },
  sections: [
    {
      id: 'sign-in',
      title: 'Signing in',
      audience: 'all',
      paragraphs: [
        'Sign in with the contract ID of your company, your user ID and your password. Depending on your user group, a second step follows: a one-time code sent by e-mail, or a code from an authenticator app (TOTP).',
      ],
      steps: [
        'Open the product\'s address and enter the contract ID, user ID and password.',
        'If asked, enter the 6-digit code from the e-mail or from your authenticator app. The first time, scan the QR code (or type the generation key) into the app.',
        'Tick "trust this device" to skip the second step on this browser for the days your administrator allows.',
        'At the first sign-in, or after an administrator reset your password, choose a new password that meets the conditions listed on the screen.',
      ],
      points: [
        'If the account is already signed in elsewhere, you can sign in anyway: the other session ends.',
        'After too many wrong passwords the account is locked. Only an administrator can unlock it.',
        'When your password expires soon, the home page shows how many days are left. Change it from your profile.',
        'A session ends after a period without activity; sign in again when asked.',
      ],
    },
    {
      id: 'home',
      title: 'The home page',
      audience: 'all',
      paragraphs: [
        'The home page shows your recent files and favourites, shortcuts to what your rights allow (the drive, upload, search) and notices such as a password that expires soon. Administrators also see the contract\'s data usage against its quota and links to administration.',
      ],
    },
    {
      id: 'drive',
      title: 'The drive',
      audience: 'all',
      paragraphs: [
        'The drive holds the company\'s folders and files. What you can do depends on your drive right: view (open and download), active (also upload and edit) or update (also delete and manage permissions). Folder permissions can narrow it further.',
      ],
      steps: [
        'Open a folder by its name; the breadcrumb above the list takes you back.',
        'Upload with the Upload button or by dropping files or whole folders onto the list. Simple registration keeps the file name; detailed registration also asks for the document style, transaction date, amount, trading partner and tags.',
        'When a file of the same name exists, choose: keep it as an old version, replace it, keep both, or delete the old one.',
        'Select entries to download, rename, move, copy, tag, add to favourites or move to the trash.',
      ],
      points: [
        'Search by part of a name, tags, document style, transaction date and amount, or trading partner, in a folder and below or in the whole drive.',
        'The trash keeps deleted entries for the days your administrator set; restore them where they were or to another folder. A trashed folder cannot be opened.',
        'Version history lists earlier versions of a file; download or restore any of them.',
        'Share links let people without an account download a file, for a limited time and number of downloads, optionally with a password.',
        'Electronic-bookkeeping documents (e-documents, electronic bookkeeping, electronic trading and scanner storage) cannot be deleted during their retention period; corrections are kept as new versions with a reason.',
      ],
    },
    {
      id: 'settings',
      title: 'Your settings',
      audience: 'all',
      paragraphs: [
        'Your profile holds your language (English or Japanese), the file-registration method you start with (simple or detailed), the display settings (rows per page, light or dark mode, density) kept for you on every device, your trusted devices and the password change.',
      ],
    },
    {
      id: 'administration',
      title: 'Administration',
      audience: 'admin',
      paragraphs: [
        'Administrators manage the contract from the Administration part of the side navigation.',
      ],
      points: [
        'Accounts: register users (simple or detailed), suspend and lift a suspension, reset a password or the authenticator, end a session, and import or export users as CSV.',
        'User groups: per product area, with the administrator flag, the drive right and the second sign-in step.',
        'Legal entities: companies of the group, with the reference restrictions of the knowledge, commerce and dashboard modules.',
        'Security policy: password conditions and expiry, lock-out, the IP address allow-list and single sign-on (SAML).',
        'Common settings: trash retention, file sharing and share links, the fiscal year and retention years. The storage quota and current usage are shown there too; the quota itself is set by the operator.',
        'Data usage, the access log, share links and the electronic-bookkeeping history are read from their own pages.',
      ],
    },
    {
      id: 'help',
      title: 'When something goes wrong',
      audience: 'all',
      paragraphs: [
        'A message explains every refusal. For a locked account, a contract problem or missing rights, contact your company\'s administrator. If the server cannot be reached, wait a moment and try again.',
      ],
    },
  ],
};
