import type { OpenApiDocument } from './document';

type Json = Record<string, unknown>;

/**
 * The document with only the operations tagged with one of `tags`, and only the components they
 * reach: what the reference page loads for one section. The whole /api/v1 document is over half a
 * megabyte, and a browser spends seconds turning it into a page; a section is a few tens of KB.
 * Component names stay those of the whole document, so a section links to the same schemas.
 */
export function openApiSection(doc: OpenApiDocument, tags: readonly string[]): OpenApiDocument {
  const wanted = new Set(tags);
  const paths: Record<string, Json> = {};
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const kept = Object.entries(item).filter(([, operation]) => {
      const [tag] = ((operation as Json).tags as string[] | undefined) ?? [];
      return tag !== undefined && wanted.has(tag);
    });
    if (kept.length > 0) paths[path] = Object.fromEntries(kept);
  }
  const components = (doc.components ?? {}) as Record<string, Json>;
  const reached: Record<string, Json> = {};
  const queue: unknown[] = [paths];
  while (queue.length > 0) {
    const node = queue.pop();
    if (Array.isArray(node)) queue.push(...node);
    else if (node && typeof node === 'object') {
      const ref = (node as Json).$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/')) {
        const [kind, name] = ref.slice('#/components/'.length).split('/') as [string, string];
        reached[kind] ??= {};
        if (!(name in reached[kind]!) && components[kind]?.[name] !== undefined) {
          reached[kind]![name] = components[kind]![name];
          queue.push(components[kind]![name]);
        }
      }
      queue.push(...Object.values(node));
    }
  }
  return {
    ...doc,
    tags: ((doc.tags ?? []) as Json[]).filter((tag) => wanted.has(tag.name as string)),
    paths,
    components: { ...reached, securitySchemes: components.securitySchemes },
  };
}
