/** The shared log for #11: identity and order, the fold, the Yjs document. No storage, no DOM. */
export * from './entry';
export * from './clock';
export * from './fold';
export * from './convert';
export * from './doc';
export * from './protocol';
