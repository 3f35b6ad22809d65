// Query keys of documents: a document's bytes, and the document lists of an entity (its own and its
// instruments'), of an entity's check transactions and of an alert or a case. Attaching or deleting
// a document invalidates documentKeys.all: any of those lists may hold it.
export const documentKeys = {
  all: ['documents'] as const,
  content: (id: number) => [...documentKeys.all, 'content', id] as const,
  checkTransactions: (entityExternalId: string) => [...documentKeys.all, 'check-transactions', entityExternalId] as const,
  entity: (entityId: number) => [...documentKeys.all, 'entity', entityId] as const,
  work: (ownerType: 'ALERT' | 'CASE', id: number) => [...documentKeys.all, ownerType, id] as const,
};
