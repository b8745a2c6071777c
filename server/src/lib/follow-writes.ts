import type { Schema } from 'mongoose';

/** What a write through a model names: the filter of a query write, the document of a document write. */
export interface WriteHandlers {
  /** updateOne, deleteMany, findOneAndUpdate… on the model: the filter it was given. */
  query(filter: Record<string, unknown>): void;
  /** save, and a document's own deleteOne or updateOne: the document. */
  document(doc: Record<string, unknown>): void;
  /** insertMany and bulkWrite, which may touch anything. */
  any(): void;
}

const QUERY_WRITES = [
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'replaceOne',
  'findOneAndReplace',
  'deleteOne',
  'deleteMany',
  'findOneAndDelete',
] as const;
const DOCUMENT_WRITES = ['save', 'deleteOne', 'updateOne'] as const;

/**
 * Tells `handlers` of every write through the schema's model, whatever code makes it (a service, a
 * flow, a test): before it (so that no read meanwhile keeps what it is replacing), after it and when
 * it fails (it may have landed). For what is kept in memory between reads of the model's documents.
 */
export function followWrites(schema: Schema, handlers: WriteHandlers): void {
  function queryWritten(this: { getFilter(): Record<string, unknown> }) {
    handlers.query(this.getFilter());
  }
  function documentWritten(this: Record<string, unknown>) {
    handlers.document(this);
  }
  const any = () => handlers.any();
  const failed = (written: () => void) =>
    function (this: unknown, _error: unknown, _result: unknown, next: () => void) {
      written.call(this);
      next();
    };
  const query = { document: false, query: true } as const;
  const document = { document: true, query: false } as const;
  schema.pre([...QUERY_WRITES], query, queryWritten);
  schema.post([...QUERY_WRITES], query, queryWritten);
  schema.post([...QUERY_WRITES], query, failed(queryWritten));
  schema.pre([...DOCUMENT_WRITES], document, documentWritten);
  schema.post([...DOCUMENT_WRITES], document, documentWritten);
  schema.post([...DOCUMENT_WRITES], document, failed(documentWritten));
  schema.pre('insertMany', any);
  schema.pre('bulkWrite', any);
  for (const write of ['insertMany', 'bulkWrite'] as const) {
    schema.post(write, any);
    schema.post(write, failed(any));
  }
}
