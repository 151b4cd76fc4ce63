import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readImage, uploadsDir } from './images-service';

/** /uploads/:file: the uploaded profile and cover images. Names are random and never reused, so cache forever. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = uploadsDir(app.config.dataDir);
  app.get(
    '/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'An uploaded profile or cover image',
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const image = await readImage(dir, request.params.file);
      reply.header('X-Content-Type-Options', 'nosniff');
      if (!image)
        return reply.code(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send('Not found');
      return (
        reply
          .type(image.contentType)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          // An image opened directly must never run anything, whatever bytes follow its header.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(image.bytes)
      );
    },
  );
};
