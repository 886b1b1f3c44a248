import type { SessionMember } from '../platform/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    member?: SessionMember;
    bearer?: string;
  }
}
