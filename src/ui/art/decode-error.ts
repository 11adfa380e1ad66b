/** Bytes that are no picture, or a picture past the budget (picture-budget.ts): what the log says of a cover. */
export class ImageDecodeError extends Error {}
