/** The query-plan reader lives with the engine's test kit; the shop's tests read their plans through it too. */
export * from '@kesh/embedded-mongo/testing/plan';
