import type { SessionMember } from './calls.ts';

declare module 'fastify' {
  interface FastifyRequest {
    member?: SessionMember;
    bearer?: string;
  }
}
