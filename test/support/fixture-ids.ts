// The fixed ids as the package exports them (`subcat/fixtures`), so tests and front-end users read one type.
export { ids as FIXTURE_IDS, type FixtureIds } from '../../src/public/fixtures.js';
