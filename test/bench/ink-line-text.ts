/** The one line the bare Ink app of the floors section shows, and the bench waits for. */
export const FLOOR_LINE = 'bare ink floor';
