/** Work that runs after the answer (mails whose timing must not show); `settle()` awaits it all. */
export class BackgroundTasks {
  private readonly running = new Set<Promise<unknown>>();

  run(task: Promise<unknown>): void {
    const tracked = task.catch(() => undefined).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  async settle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
