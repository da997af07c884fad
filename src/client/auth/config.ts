/** `GET /config.json`, served by the server so a deployment points the client at its issuer without rebuilding. */
import { z } from 'zod';

export const clientConfigSchema = z.object({
  apiBaseUrl: z.string().min(1),
  auth: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('disabled') }),
    z.object({
      mode: z.literal('oidc'),
      authority: z.string().min(1),
      clientId: z.string().min(1),
      scope: z.string().min(1),
      resource: z.string().min(1).optional().nullable(),
    }),
  ]),
});

export type ClientConfig = z.infer<typeof clientConfigSchema>;
export type OidcConfig = Extract<ClientConfig['auth'], { mode: 'oidc' }>;

export async function loadClientConfig(): Promise<ClientConfig> {
  const response = await fetch('/config.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return clientConfigSchema.parse(await response.json());
}
