import { catalogue } from '@shared/messages.ts';
import { ipPolicyTexts } from './ip-policy.ts';
import { pickerTexts } from './picker.ts';
import { securityTexts } from './security.ts';
import { settingsTexts } from './settings.ts';
import { propertiesTexts } from './properties.ts';
import { importsTexts } from './imports.ts';
import { usersTexts } from './users.ts';
import { legalTexts } from './legal.ts';
import { groupsTexts } from './groups.ts';
import { driveTexts } from './drive.ts';
import { driveJobsTexts } from './drive-jobs.ts';
import { locationTexts } from './location.ts';
import { registrationTexts } from './registration.ts';
import { transfersTexts } from './transfers.ts';
import { driveViewsTexts } from './drive-views.ts';
import { driveCommandsTexts } from './drive-commands.ts';
import { trashTexts } from './trash.ts';
import { searchTexts } from './search.ts';
import { usageTexts } from './usage.ts';
import { versionsTexts } from './versions.ts';
import { previewTexts } from './preview.ts';
import { placesTexts } from './places.ts';
import { tagsTexts } from './tags.ts';
import { permissionsTexts } from './permissions.ts';
import { sharesTexts } from './shares.ts';
import { arrivalsTexts } from './arrivals.ts';
import { fileRequestsTexts } from './file-requests.ts';
import { signInTexts } from './sign-in.ts';
import { ssoTexts } from './sso.ts';
import { bookkeepingTexts } from './bookkeeping.ts';
import { readFieldsTexts } from './read-fields.ts';
import { auditLogTexts } from './audit-log.ts';
import { fileActivityTexts } from './file-activity.ts';
import { tagAdminTexts } from './tag-admin.ts';
import { homeTexts } from './home.ts';
import { intakeTexts } from './intake.ts';

/**
 * English UI texts. The server's catalogue (code.*, validation.*, notice.*) is merged in as-is, so
 * texts the server and the forms share are written once, in shared/messages.ts.
 */
export const en = {
  ...catalogue.en,
  ipPolicy: ipPolicyTexts.en,
  signIn: signInTexts.en,
  sso: ssoTexts.en,
  app: {
    productName: 'Common Drive',
    loading: 'Loading…',
    skipToMain: 'Skip to main content',
  },
  languages: {
    en: 'English',
    ja: '日本語',
  },
  nav: {
    language: 'Language',
    languageMenu: 'Language / 言語: {{name}}',
    userMenu: 'User menu: {{name}}',
    profile: 'Profile',
    darkMode: 'Dark mode',
    compactMode: 'Compact mode',
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    sideHeader: 'Menu',
    drive: 'Drive',
    trash: 'Trash',
    dataUsage: 'Data usage',
    shareLinks: 'Share links',
    accessLog: 'Access log',
    eBookkeeping: 'Electronic bookkeeping',
    auditLog: 'Audit log',
    tags: 'Common tags',
    favorites: 'Favourites',
    recent: 'Recent files',
    administration: 'Administration',
    accounts: 'Accounts',
    userGroups: 'User groups',
    legalEntities: 'Legal entities',
    securityPolicy: 'Security policy',
    commonSettings: 'Common settings',
    propertyItems: 'Property items',
    importHistory: 'Import history',
    openNavigation: 'Open navigation',
    closeNavigation: 'Close navigation',
    breadcrumbs: 'Breadcrumbs',
    notifications: 'Notifications',
    home: 'Home',
    manual: 'User manual',
    overflowMenu: 'More',
    overflowDismiss: 'Close menu',
  },
  pages: {
    login: 'Sign in',
    otpMail: 'E-mail verification code',
    otpMultiPart: 'Authenticator app verification',
    changePassword: 'Change password',
    searchResult: 'Search results',
    user: 'User information',
    securityPolicy: 'Security policy',
    commonSettings: 'Common settings',
    propertyItems: 'Property items',
    legal: 'Legal entities',
    legalAdd: 'Register legal entity',
    listUserGroup: 'User groups',
    userGroupEdit: 'Edit user group',
    userGroupCreate: 'Create user group',
    storage: 'Drive',
    trash: 'Trash',
    dataUsage: 'Data usage',
    shareLinks: 'Share links',
    accessLog: 'Access log',
    eBookkeeping: 'Electronic bookkeeping',
    favorites: 'Favourites',
    recent: 'Recent files',
    listUser: 'Accounts',
    location: 'Locations',
    profile: 'Profile',
    sso: 'Single sign-on',
    ssoFail: 'Single sign-on failed',
    ssoLogin: 'Single sign-on',
    notFound: 'Page not found',
    legalDetail: 'Legal entity',
    auditLog: 'Audit log',
    tags: 'Common tags',
    home: 'Home',
    manual: 'User manual',
  },
  underConstruction: {
    title: 'Under construction',
    description: "This screen belongs to a sibling module of the platform (property, knowledge, commerce, workflow, dashboard or work order). The sibling modules' own screens are outside Common Drive: open them from their module.",
    back: 'Go to the drive',
    backToLogin: 'Back to sign-in',
  },
  notFound: {
    description: 'The page you are looking for does not exist or has moved.',
    home: 'Go to the home page',
  },
  routeError: {
    title: 'Something went wrong',
    description: 'The screen could not be displayed. Reload the page to try again.',
    reload: 'Reload',
  },
  common: {
    cancel: 'Cancel',
    close: 'Close',
    ok: 'OK',
    create: 'Create',
    refresh: 'Refresh',
    loading: 'Loading…',
    notAvailable: '—',
    save: 'Save',
    reset: 'Reset',
    optionalLabel: '{{label}} - optional',
    maxCharacters: 'Up to {{max}} characters.',
    unsaved: {
      title: 'Discard unsaved changes?',
      stay: 'Keep editing',
      discard: 'Discard changes',
    },
  },
  errorModal: {
    ERROR: 'Error',
    WARN: 'Warning',
    INFO: 'Information',
    requestId: 'Reference: {{id}}',
  },
  transfers: transfersTexts.en,
  driveViews: driveViewsTexts.en,
  driveCommands: driveCommandsTexts.en,
  registration: registrationTexts.en,
  bookkeeping: bookkeepingTexts.en,
  readFields: readFieldsTexts.en,
  login: {
    title: 'Sign in',
    description: 'Sign in with the contract ID given by your administrator.',
    kykId: 'Contract ID',
    userId: 'User ID',
    password: 'Password',
    submit: 'Sign in',
    signInAnyway: 'Sign in anyway',
    forceTitle: 'Already signed in',
  },
  drive: driveTexts.en,
  driveJobs: driveJobsTexts.en,
  trash: trashTexts.en,
  search: searchTexts.en,
  usage: usageTexts.en,
  versions: versionsTexts.en,
  preview: previewTexts.en,
  places: placesTexts.en,
  tags: tagsTexts.en,
  auditLogPage: auditLogTexts.en,
  intake: intakeTexts.en,
  fileActivity: fileActivityTexts.en,
  tagAdmin: tagAdminTexts.en,
  permissions: permissionsTexts.en,
  shares: sharesTexts.en,
  arrivals: arrivalsTexts.en,
  fileRequests: fileRequestsTexts.en,
  location: locationTexts.en,
  collection: {
    nextPage: 'Next page',
    previousPage: 'Previous page',
    page: 'Page {{page}}',
    pagination: 'Pages',
    preferences: 'Preferences',
    confirm: 'Confirm',
    pageSize: 'Page size',
    pageSizeOption: '{{size}} items',
    noMatches: 'No matches',
    noMatchesDescription: 'Nothing matches the filter.',
    clearFilter: 'Clear filter',
    matches: 'Matches: {{count}}',
    selectionGroup: 'Items selection',
    selectAll: 'Select all items on this page',
    selectItem: 'Select {{name}}',
    refresh: 'Refresh',
    yes: 'Yes',
    no: 'No',
    loadFailed: 'The list could not be loaded',
    retry: 'Retry',
    wrapLines: 'Wrap lines',
    wrapLinesDescription: 'Show long values in full on several lines.',
    columns: 'Columns',
    columnsDescription: 'Choose which columns to show and in what order.',
    stickyFirst: 'Keep the first column in view',
    stickyFirstDescription: 'The first column stays in place while the table scrolls sideways.',
    stickyNone: 'None',
    stickyFirstColumn: 'First column',
  },
  deleteModal: {
    delete: 'Delete',
    confirmWord: 'confirm',
    typeToConfirm: 'To avoid accidental deletions, type "{{word}}" in the field.',
  },
  conflict: {
    title: 'Someone else changed this item',
    reload: 'Reload',
    discardNote: 'Reload to see the current values; your unsaved changes here are discarded.',
  },
  noPermission: {
    title: 'No permission',
    description: 'This screen is for administrators. Ask your administrator if you need access.',
    driveDescription: 'Your account has no access to the common drive. Ask your administrator if you need it.',
    toProfile: 'Go to your profile',
  },
  products: {
    ata: 'Account management',
    atp: 'Property',
    atk: 'Knowledge',
    atc: 'Commerce',
    atw: 'Workflow',
    atd: 'Dashboard',
    ato: 'Work order',
  },
  groups: groupsTexts.en,
  legal: legalTexts.en,
  users: usersTexts.en,
  picker: pickerTexts.en,
  corpSelect: {
    title: 'Select legal entity',
    description: 'Choose one legal entity.',
    loading: 'Loading legal entities',
    empty: 'No legal entities are registered.',
    select: 'Select',
  },
  security: securityTexts.en,
  settings: settingsTexts.en,
  home: homeTexts.en,
  properties: propertiesTexts.en,
  account: {
    changePassword: {
      description: 'Change the password you sign in with.',
      formTitle: 'New password',
      current_password: 'Current password',
      new_password: 'New password',
      confirm_password: 'Confirm new password',
      submit: 'Change password',
    },
    conditions: {
      title: 'Password conditions',
      setByAdministrator: 'Your administrator sets these conditions.',
      length: 'At least {{min}} and at most {{max}} characters',
      alphanumeric: 'Letters and digits',
      symbols: 'At least one symbol',
      case: 'Upper-case and lower-case letters',
      repeat: 'The same character at most {{count}} times in a row',
      userId: 'Not your user ID',
      history: 'Not one of your last {{count}} passwords',
      current: 'Not your current password',
      strength: 'Hard to guess: rated at least “{{level}}”',
      expiry: 'Valid for {{count}} days, then it must be changed',
    },
    profile: {
      information: 'Your information',
      name: 'Name',
      email: 'E-mail address',
      contractId: 'Contract ID',
      userId: 'User ID',
      settings: 'Settings',
      language: 'Language',
      languageDescription: 'The language of the screens and of messages from the server. It is saved to your account.',
      password: 'Password',
      passwordDescription: 'Change the password you sign in with.',
      changePassword: 'Change password',
    },
  },
  imports: importsTexts.en,
};

export type Resources = typeof en;
