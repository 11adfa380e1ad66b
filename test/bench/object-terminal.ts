import { EventEmitter } from 'node:events';
import { COLUMNS, ROWS } from './program.js';

/** A 120×40 terminal that is an object: counts what is written to it, and when, and says so ('wrote'). */
export class ObjectTerminal extends EventEmitter {
  readonly isTTY = true;
  readonly columns = COLUMNS;
  readonly rows = ROWS;
  writes = 0;
  lastWriteAt = 0;

  write(): boolean {
    this.writes++;
    this.lastWriteAt = performance.now();
    this.emit('wrote');
    return true;
  }
}
