import { StaticBody } from '../core/pipeline/static-body';

/** A cloud on the Nimbus blue: browsers ask every page for an icon, and a missing one logs a 404. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#1f6feb"/>
<path fill="#fff" d="M10 23a5 5 0 0 1-.6-9.96A7 7 0 0 1 22.8 12.1 5.5 5.5 0 0 1 22.5 23z"/>
</svg>
`;

/** The page's icon, from the docs family itself: no Swagger UI file, so it is there in every runtime. */
export const faviconBody = new StaticBody(FAVICON, {
  contentType: 'image/svg+xml',
  cacheControl: 'public, max-age=3600',
});
