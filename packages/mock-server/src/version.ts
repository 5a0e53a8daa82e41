/**
 * The package version, the OpenAPI documents' `info.version` (a test keeps it equal to
 * package.json). Not read from the SDK: its Node entry would load at every server start.
 */
export const VERSION = '0.1.0';
