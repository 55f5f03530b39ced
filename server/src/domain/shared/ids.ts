const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value is written as a UUID (8-4-4-4-12 hex digits, any version or case): the one shape every
 * id of the product has, so an id from a path, a query string or a payment reference is checked alike
 * before anything is looked up by it.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
