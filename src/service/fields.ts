/** The `fields` response filter (decisions §6): parse once per request, then project the response body. */
export { FieldsError, parseFields } from './fields/parse.js';
export { projectFields } from './fields/project.js';
export type { FieldRule, FieldSelection } from './fields/selection.js';
