import type { Language } from '../messages.ts';

/**
 * The user manual (SPEC.md §7 manual_download, manual_download_info; docs/home.md "Manual"): one
 * source for the SPA's /manual page and the printable HTML document manual_download answers.
 * Plain text only (no markup): each renderer escapes and lays it out itself.
 */
export interface ManualSection {
  id: string;
  title: string;
  /** Who the section is for: everyone, or administrators. */
  audience: 'all' | 'admin';
  paragraphs: string[];
  /** Numbered steps, when the section walks through a task. */
  steps?: string[];
  /** Points listed after the steps. */
  points?: string[];
}

export interface ManualEdition {
  language: Language;
  title: string;
  /** The edition's date (YYYY-MM-DD): change it with the text. */
  updated: string;
  intro: string;
  /** Words the table of contents and the printed header use. */
  labels: { contents: string; updated: string; forAdministrators: string };
  sections: ManualSection[];
}
