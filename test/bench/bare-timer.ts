/**
 * The floor of any always-open Node program: a one-second timer that writes a few bytes to the terminal.
 * Run in tmux by the floors section (plain JavaScript after a build, no loader).
 */
let tick = 0;
setInterval(() => {
  tick = (tick + 1) % 10;
  process.stdout.write(`\r${tick}`);
}, 1_000);
