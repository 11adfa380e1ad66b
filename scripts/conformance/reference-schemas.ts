import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

/**
 * A public OpenAPI description of the real API, named on the command line (never copied into the project),
 * turned into ajv validators of response bodies.
 */

/** OpenAPI-only keywords JSON Schema does not know; plain `oneOf` already tells items apart by `type`. */
function stripAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripAnnotations);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== 'discriminator' && key !== 'example' && !key.startsWith('x-'))
      .map(([key, value]) => [key, stripAnnotations(value)]),
  );
}

/** A fresh parsed copy of the description at `path` (callers may relax it in place). */
export function loadReference(path: string): any {
  return stripAnnotations(parse(readFileSync(path, 'utf8')));
}

export type ResponseValidators = (path: string, method: string, status?: string) => ValidateFunction;

/** Validators of the response bodies the document describes, by path, method and status. */
export function responseValidators(document: any): ResponseValidators {
  const ajv = new Ajv({ strict: false, validateSchema: false, validateFormats: false, allErrors: true });
  ajv.addSchema(document, 'openapi');
  return (path, method, status = '200') => {
    let response = document.paths[path][method].responses[status];
    if (response.$ref) response = document.components.responses[response.$ref.split('/').pop()];
    return ajv.compile({ $ref: `openapi${pointerTo(document, response.content['application/json'].schema)}` });
  };
}

// The schema's location in the document, found by identity (inline response schemas have no $ref).
function pointerTo(document: any, schema: any): string {
  if (schema.$ref) return schema.$ref;
  for (const [name, response] of Object.entries<any>(document.components.responses)) {
    if (response.content?.['application/json']?.schema === schema) {
      return `#/components/responses/${name}/content/application~1json/schema`;
    }
  }
  throw new Error('schema not found in components.responses');
}
