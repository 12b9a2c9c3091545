/** The gateway's version, and the `X-Csp-Version` header every answer carries (DESIGN §8). */
export const GATEWAY_VERSION = '0.1.0';
export const CSP_VERSION_HEADER = `gateway-csp/v${GATEWAY_VERSION}`;
