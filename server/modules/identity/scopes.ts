/** Scopes an access token for the API carries, minted or issued by the provider. */
export const API_SCOPES = 'openid profile email';
