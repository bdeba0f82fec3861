/** A fresh id for one peer connection, by which the signals of an older one are told apart. */
export const newConnectionId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
