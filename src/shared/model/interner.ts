// Layer: shared (pure TS). Maps strings to dense integer ids and back, so that
// states can be stored as flat Int32Arrays and compared as integers.

export class Interner {
  private readonly ids = new Map<string, number>();
  readonly names: string[] = [];

  constructor(initial: readonly string[] = []) {
    for (const s of initial) this.intern(s);
  }

  intern(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(s, id);
      this.names.push(s);
    }
    return id;
  }

  lookup(s: string): number | undefined {
    return this.ids.get(s);
  }

  name(id: number): string {
    return this.names[id];
  }

  get size(): number {
    return this.names.length;
  }
}
