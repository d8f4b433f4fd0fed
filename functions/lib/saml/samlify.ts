import samlify from 'samlify/build/index.js';
import { samlifySchemaValidator } from './schema-validator.ts';

/**
 * samlify (>= 2.10: earlier versions had a signature-wrapping flaw), with the XML schema validator
 * installed before any message is parsed. Import samlify only from here (samlify-module.d.ts says why).
 */
samlify.setSchemaValidator(samlifySchemaValidator);

// Named, not default: samlify's exports carry `__esModule`, and tsx (the local stack and tests) reads
// a module whose default export does as CommonJS, losing the default of a dynamic import.
export { samlify };
export type * from 'samlify/build/index.js';
