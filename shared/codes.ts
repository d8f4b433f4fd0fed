/**
 * Result codes of SPEC.md §8. Each code names its catalogue message, its level and the HTTP status
 * that ARCHITECTURE.md assigns to its outcome. Functions and the web client both read this table.
 */
export type MsgLevel = 'INFO' | 'WARN' | 'ERROR';

interface CodeDef {
  readonly code: number;
  readonly level: MsgLevel;
  readonly status: number;
}

const info = (code: number): CodeDef => ({ code, level: 'INFO', status: 200 });
const warn = (code: number): CodeDef => ({ code, level: 'WARN', status: 200 });
const error = (code: number, status = 200): CodeDef => ({ code, level: 'ERROR', status });

export const codes = {
  ok: info(0),
  userCreated: info(990000210001),
  passwordChanged: info(990000210002),
  unsuspendedWithPasswordChange: info(990000210003),
  unsuspended: info(990000210004),

  unknown: error(-1, 500),
  permission: error(-2, 403),
  address: error(-3, 404),
  input: error(-4, 400),
  permissionError: error(-101, 403),
  tokenTimeout: error(-102, 401),
  editedByAnotherUser: error(-201, 409),
  updateFailure: error(-202),
  deleteFailure: error(-203),

  loginWrongData: error(-990000010001),
  loginNotAccepted: error(-990000010002),
  loginSameUser: warn(-990000010003),
  loginPasswordNotSatisfying: warn(-990000010004),
  loginPasswordTimeout: warn(-990000010005),
  loginChangePasswordTimeout: error(-990000010006),
  loginAccountLocked: error(-990000010007),
  loginInfoChangeRequired: warn(-990000010008),
  loginPasswordChangeRequired: warn(-990000010009),
  /** Not numbered in SPEC.md §8 (the gap -010010/-010011): "different location" and "contract not allowed". */
  loginDifferentLocation: warn(-990000010010),
  loginContractNotAllowed: error(-990000010011),
  loginMailNotRegistered: error(-990000010012),
  loginMailOtpNeeded: warn(-990000010013),
  loginWrongOtp: error(-990000010014),
  loginNumberLimit: error(-990000010015),
  loginTotpNeeded: warn(-990000010016),
  /** The IP allow-list refused the address: at sign-in and on every call (403). */
  loginLimitedByAdmin: error(-990000010017, 403),
  /** Not in SPEC.md §8: too many failed sign-in steps from one source address (429). */
  loginTooManyAttempts: error(-990000010018, 429),

  passwordPolicy: error(-990000020100),
  passwordLength: error(-990000020101),
  passwordAlphanumeric: error(-990000020102),
  passwordSymbols: error(-990000020103),
  passwordCase: error(-990000020104),
  passwordRepeat: error(-990000020105),
  passwordContainsUserId: error(-990000020106),
  passwordSameAsOld: error(-990000020107),
  passwordWrongCurrent: error(-990000020200),
  passwordMismatch: error(-990000020300),

  folderNameDuplicate: error(-990000090007),
  serverCapacityExceeded: error(990000090001),
  // docs/drive.md "Codes" maps each case to one of these.
  folderExistsAtDestination: error(990000090002),
  folderToDeleteMissing: error(990000090004),
  fileToDeleteMissing: error(990000090005),
  fileExistsAtDestination: error(990000090008),
  tagCommonNotAllowed: error(-990000270001, 403),
  tagTooLong: error(-990000270002),
  tagCommonDuplicate: error(-990000270003),
  tagPrivateDuplicate: error(-990000270004),
  tagAttachFailed: error(-990000270005),
  restoreFolderExists: error(-990000310001),
  restoreFileExists: error(-990000310002),
  restoreLocationMissing: error(-990000310003),
  restoreLocationError: error(-990000310004),
  restoreSameNameInNewLocation: error(-990000310005),
  restoreNewLocationMissing: error(-990000310006),
  restoreNewLocationError: error(-990000310007),
  // Folder permissions (docs/drive.md "Folder permissions").
  permissionNoUpdater: error(990000140101),
  permissionBothSides: error(990000140102),
  // Share links (docs/drive.md "Share links"; not numbered in SPEC.md §8).
  /** Unknown link, or a secret that does not match: the same answer, so a guesser learns nothing. */
  shareLinkNotFound: error(-990000320001, 404),
  shareLinkExpired: error(-990000320002, 410),
  shareLinkExhausted: error(-990000320003, 410),
  shareLinkRevoked: error(-990000320004, 410),
  /** Its file is in the trash or gone, its creator suspended, deleted or no longer able to see it, or links were turned off. */
  shareLinkStopped: error(-990000320005, 410),
  shareLinkPasswordWrong: error(-990000320006, 403),
  shareLinkTooManyAttempts: error(-990000320007, 429),
  /** The common settings do not allow share links. */
  shareLinksNotAllowed: error(-990000320008, 403),
  shareLinksPerFileLimit: error(-990000320009),
  /** SPEC.md §8 "old file deletion not allowed" (no number given): the legal document styles. */
  oldFileDeletionNotAllowed: error(-990000090009),
  // File-request links (docs/drive.md "File requests"); unknown, expired, revoked links and passwords answer as share links do.
  /** The link's file count or bytes are used up. */
  fileRequestFull: error(-990000360001, 410),
  /** Its folder is in the trash or gone, its creator suspended, deleted or no longer able to upload there or issue links, or links were turned off. */
  fileRequestStopped: error(-990000360002, 410),
  fileRequestKindNotAllowed: error(-990000360003),
  /** The file is larger than the bytes the link has left. */
  fileRequestTooLarge: error(-990000360004),
  fileRequestsPerFolderLimit: error(-990000360005),
  // Intake mail addresses (docs/drive.md "Receiving documents by mail").
  /** The environment has no receiving domain (MAIL_INTAKE_DOMAIN). */
  mailIntakeNotConfigured: error(-990000370001),
  mailAddressesLimit: error(-990000370002),
  // Previews (docs/drive.md "Preview"); not numbered in SPEC.md §8 (-9900003200xx are the share links' on main).
  /** The file's bytes are not what its name says (a ".png" holding a PDF, HTML or garbage). */
  previewMismatch: error(-990000330001),
  /** No preview of this file: its type has none, it could not be rendered, or it is still being prepared. */
  previewUnavailable: error(-990000330002),
  // Electronic bookkeeping (docs/e-bookkeeping.md); not numbered in SPEC.md §8.
  /** A document of a legal style asked to be deleted for good before its retention period ends. */
  retentionNotEnded: error(-990000340001),
  // Sibling modules (docs/home.md "Sibling modules"): SPEC.md §8 "no system options", and a module
  // whose address this environment does not know.
  moduleNotInContract: error(-990000390001, 403),
  moduleLinkNotConfigured: error(-990000390002),
  // Property items (docs/property-items.md); SPEC.md §5 and §8 name them without numbers.
  propertyNameDuplicate: error(-990000350001),
  propertyFixedValueDuplicate: error(-990000350002),
  propertyDropdownValueDuplicate: error(-990000350003),
  /** SPEC.md §8 "cannot update because files are linked to removed values", with how many files. */
  propertyValuesInUse: error(-990000350004),
} as const satisfies Record<string, CodeDef>;

export type CodeName = keyof typeof codes;

const byNumber = new Map<number, CodeName>(
  (Object.entries(codes) as [CodeName, CodeDef][]).map(([name, def]) => [def.code, name]),
);

export const codeName = (code: number): CodeName | undefined => byNumber.get(code);
