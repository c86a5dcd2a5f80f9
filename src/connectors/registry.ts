import type { ConnectorHandler } from './handler.js';

/** Where a handler came from: shipped with the service, or loaded from a module at start. */
export type HandlerOrigin = 'built_in' | 'custom';

interface RegisteredHandler {
  handler: ConnectorHandler;
  origin: HandlerOrigin;
}

/** The handlers this process can run, by name (a connector's `type`). */
export class HandlerRegistry {
  private readonly handlers = new Map<string, RegisteredHandler>();

  register(handler: ConnectorHandler, origin: HandlerOrigin): this {
    if (this.handlers.has(handler.name))
      throw new Error(`A connector handler named "${handler.name}" is already registered`);
    this.handlers.set(handler.name, { handler, origin });
    return this;
  }

  get(name: string): RegisteredHandler | undefined {
    return this.handlers.get(name);
  }

  list(): RegisteredHandler[] {
    return [...this.handlers.values()].sort((a, b) => a.handler.name.localeCompare(b.handler.name));
  }
}
