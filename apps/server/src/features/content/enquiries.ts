import {
  adminEnquiryClose,
  adminEnquiryList,
  adminEnquiryReply,
  enquiryFollowUp,
  enquiryImage,
  sendEnquiries,
  showEmailHistory,
} from '@mp/contract';
import type { Deps } from '../../platform/deps.ts';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import { fileStore } from '../../platform/files.ts';
import { answerEnquiry, closeEnquiry, followUp, sendEnquiry } from './enquiry-actions.ts';
import { adminEnquiries, type EnquiryDeps, enquiryPictureOf, memberEnquiries } from './enquiry-reads.ts';

/** Customer service (issue 13): members write, admins answer; the member hears of an answer by mail. */
export function enquiryRoutes(deps: Deps): CallRoute[] {
  const d: EnquiryDeps = { ...deps, files: fileStore(deps.db) };
  return [
    handle(sendEnquiries, async (input, ctx) =>
      reply(await sendEnquiry(d, ctx.member.id, input), 'enquiry_sent'),
    ),
    handle(showEmailHistory, (input, ctx) => memberEnquiries(d.db, ctx.member.id, input)),
    handle(enquiryFollowUp, async (input, ctx) =>
      reply(await followUp(d, ctx.member.id, input), 'enquiry_sent'),
    ),
    handle(enquiryImage, (input, ctx) => enquiryPictureOf(d, ctx.member, input)),
    handle(adminEnquiryList, (input) => adminEnquiries(d.db, input)),
    handle(adminEnquiryReply, async (input, ctx) =>
      reply(await answerEnquiry(d, ctx.member.id, input), 'enquiry_replied'),
    ),
    handle(adminEnquiryClose, (input, ctx) => closeEnquiry(d, ctx.member.id, input)),
  ];
}
