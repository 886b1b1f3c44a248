import { z } from 'zod';
import { defineCall, formBool, formInt, oneOf, optionalText, pagingFields, text } from '../../call.ts';
import { pagedSchema } from '../../envelope.ts';
import { ENQUIRY_STATES, KYC_IMAGE_TYPES } from '../../constants.ts';
import { imageFile } from '../kyc.ts';

/** Customer service (issue 13): a member's enquiries and the admin's replies. */
const id = () => text(20);

export const enquirySchema = z.object({
  id: z.number(),
  subject: z.string(),
  message: z.string(),
  state: z.enum(ENQUIRY_STATES),
  /** The conversation after the first message, oldest first. */
  replies: z.array(z.object({ message: z.string(), at: z.string(), from: z.enum(['member', 'support']) })),
  /** How many pictures the enquiry carries (read one with Member/enquiryimage). */
  pictures: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const sendEnquiries = defineCall({
  name: 'Member/sendEnquiries',
  method: 'POST',
  auth: 'member',
  multipart: true,
  tag: 'support',
  summary:
    'Writes to customer service: subject, message and up to 3 pictures (picture1..picture3, JPEG/PNG/WebP by content, 5 MB each, metadata stripped)',
  request: z.object({
    subject: text(120),
    message: text(4000),
    picture1: imageFile().optional(),
    picture2: imageFile().optional(),
    picture3: imageFile().optional(),
  }),
  response: z.object({ id: z.number() }),
});

export const showEmailHistory = defineCall({
  name: 'Member/showEmailHistory',
  method: 'POST',
  auth: 'member',
  tag: 'support',
  summary: 'The member’s own enquiries, newest activity first, with the conversation',
  request: z.object({ ...pagingFields, state: oneOf(ENQUIRY_STATES).optional() }),
  response: pagedSchema(enquirySchema),
});

export const enquiryFollowUp = defineCall({
  name: 'Member/enquiryfollowup',
  method: 'POST',
  auth: 'member',
  tag: 'support',
  summary: 'Adds the member’s message to their own enquiry that is not closed; it becomes open again',
  request: z.object({ id: id(), message: text(4000) }),
  response: enquirySchema,
});

export const enquiryImage = defineCall({
  name: 'Member/enquiryimage',
  method: 'POST',
  auth: 'member',
  tag: 'support',
  summary:
    'One picture of an enquiry as a data URL; only for the member who sent it and for admins (others get 404)',
  request: z.object({ id: id(), index: formInt(1, 3) }),
  response: z.object({ content_type: z.enum(KYC_IMAGE_TYPES), data_url: z.string() }),
});

export const adminEnquirySchema = enquirySchema.extend({ userid: z.string(), name: z.string() });

export const adminEnquiryList = defineCall({
  name: 'Admin/enquirylist',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Enquiries by state (open ones oldest first, as a queue) and member',
  request: z.object({ ...pagingFields, state: oneOf(ENQUIRY_STATES).optional(), userid: optionalText(64) }),
  response: pagedSchema(adminEnquirySchema),
});

export const adminEnquiryReply = defineCall({
  name: 'Admin/enquiryreply',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Answers an enquiry that is not closed (it becomes answered, the member is told); audited',
  request: z.object({ id: id(), message: text(4000), close: formBool() }),
  response: adminEnquirySchema,
});

export const adminEnquiryClose = defineCall({
  name: 'Admin/enquiryclose',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Closes an enquiry; audited',
  request: z.object({ id: id() }),
  response: adminEnquirySchema,
});
