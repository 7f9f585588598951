/**
 * Whether this instance should get traffic (GET /api/ready), apart from the database check made on each
 * ask: not while it starts (migrations, default rows), not while it drains after SIGTERM. main.ts moves
 * it along; apps built by tests are ready from the start (their databases are migrated).
 */
export type ReadinessPhase = 'starting' | 'ready' | 'draining';

export class Readiness {
  constructor(private current: ReadinessPhase = 'ready') {}

  get phase(): ReadinessPhase {
    return this.current;
  }

  started() {
    if (this.current === 'starting') this.current = 'ready';
  }

  drain() {
    this.current = 'draining';
  }
}
