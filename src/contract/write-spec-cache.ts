import { adminSpecCachePath, adminSpecPath, specCachePath, specPath } from './spec-document.js';
import { writeSpecCache } from './spec-cache.js';

// Run by `npm run build`, after tsc: keeps the parsed packaged documents beside the build.
writeSpecCache(specPath, specCachePath);
writeSpecCache(adminSpecPath, adminSpecCachePath);
