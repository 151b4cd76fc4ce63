import { z } from 'zod';

export const siteConfigSchema = z.object({
  supportEmail: z.email(),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
