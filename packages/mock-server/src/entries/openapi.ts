/**
 * The OpenAPI 3.1 documents of both APIs, generated from the contract: an entry of its own, as
 * building one loads every schema of the contract, which the server loads family by family.
 */
export { type OpenApiDocument, type OpenApiName, openApiDocument } from '../openapi/document';
