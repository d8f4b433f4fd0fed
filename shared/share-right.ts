/**
 * Who may issue share links (docs/drive.md "Share links"), the rule the server enforces and the SPA
 * follows to offer the action: from the lowest level the contract's common settings choose
 * (`lowest`; null while links are turned off), on the user's level on the entry after folder
 * settings; administrators whenever links are on; nobody on an entry they do not reach (0).
 */
export const mayIssueAt = (lowest: number | null, level: number, admin: boolean): boolean =>
  lowest !== null && level >= 1 && (admin || level >= lowest);
