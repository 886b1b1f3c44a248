import { z } from 'zod';
import { defineCall, empty, formBool, optionalText, text } from '../../call.ts';

/** The member's delivery addresses (issue 12). */
const id = () => text(20);
const optionalId = () => optionalText(20);

export const addressSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  is_default: z.boolean(),
});

const coordinate = (limit: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ message: 'field_invalid' })
      .min(-limit, 'field_invalid')
      .max(limit, 'field_invalid')
      .optional(),
  );

export const addressSave = defineCall({
  name: 'Member/addresssave',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'Adds or edits a delivery address; the default one is picked first at checkout',
  request: z.object({
    id: optionalId(),
    name: text(60),
    phone: text(30),
    line1: text(200),
    city: text(60),
    postcode: text(20),
    country: text(60),
    lat: coordinate(90),
    lng: coordinate(180),
    is_default: formBool(),
  }),
  response: z.object({ id: z.string() }),
});

export const addressList = defineCall({
  name: 'Member/addresslist',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'The member’s delivery addresses, the default first',
  request: empty,
  response: z.object({ list: z.array(addressSchema) }),
});

export const addressDelete = defineCall({
  name: 'Member/addressdelete',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'Deletes a delivery address (orders keep their copy of it)',
  request: z.object({ id: id() }),
  response: empty,
});
