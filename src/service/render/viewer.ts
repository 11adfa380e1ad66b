/** Who a body is rendered for: the market it is judged in, the user whose resume points it shows, its origin. */
export interface Viewer {
  market: string | null;
  userId: string | null;
  origin: string;
}
