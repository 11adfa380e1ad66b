/** The panes' sanitiser lives in src/text (the command line prints through it too); the UI imports it from here. */
export { padToWidth, sanitizeText, truncateToWidth } from '../text/sanitize.js';
