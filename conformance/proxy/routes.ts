/** The proxy's own routes besides its page at `/`: every other path is the upstream's. */
export const VIOLATIONS_PATH = '/__subcat/violations';
export const EXCHANGES_PATH = '/__subcat/exchanges';
