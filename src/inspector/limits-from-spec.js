/** An error naming what the control plane's document lacks: the page cannot check its forms without it. */
function missing(what) {
  return new Error(`the control plane's OpenAPI document does not declare ${what}`);
}

/** The `minimum`/`maximum` of a schema, or an error naming `what`. */
function bounds(schema, what) {
  if (typeof schema?.minimum !== 'number' || typeof schema?.maximum !== 'number')
    throw missing(`the bounds of ${what}`);
  return { min: schema.minimum, max: schema.maximum };
}

/**
 * The limits the inspector's forms check, read from the control plane's OpenAPI document (`GET {admin}openapi.json`)
 * so that the page takes exactly what the server takes: the Name pattern, the Delay bounds, the fault rule's numbers.
 * Throws an Error naming what the document lacks.
 * @example limitsFromSpec(adminDocument).delay // { min: 0, max: 600000 }
 */
export function limitsFromSpec(document) {
  const schemas = document?.components?.schemas;
  const pattern = schemas?.Name?.pattern;
  if (typeof pattern !== 'string') throw missing('the Name pattern');
  let name;
  try {
    // ajv reads JSON Schema patterns with the `u` flag; so does the page.
    name = new RegExp(pattern, 'u');
  } catch {
    throw missing(`a Name pattern that compiles (${pattern})`);
  }
  const delay = (schemas.Delay?.oneOf ?? []).find((schema) => schema?.type === 'integer');
  const fields = schemas.FaultRuleFields?.properties;
  return {
    name,
    nameRule: schemas.Name.description ?? `a name matching ${pattern}`,
    delay: bounds(delay, 'a Delay in milliseconds'),
    status: bounds(fields?.status, 'a fault rule status'),
    retryAfter: bounds(fields?.retry_after, 'a fault rule retry_after'),
    times: bounds(fields?.times, 'a fault rule times'),
    probability: bounds(fields?.probability, 'a fault rule probability'),
    seed: bounds(fields?.seed, 'a fault rule seed'),
  };
}
