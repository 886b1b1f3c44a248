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

/** A coordinate: a number (or numeric string, from a form) within ±limit; anything else is field_invalid. */
const requiredCoordinate = (limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ message: 'field_invalid' }).min(-limit, 'field_invalid').max(limit, 'field_invalid'),
  );

/** An address's coordinate: as above, or left out ('' or null from a form: none). */
const coordinate = (limit: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), requiredCoordinate(limit).optional());

export const placeSchema = z.object({
  /** ISO 3166-1 alpha-2; null at sea. */
  country: z.string().nullable(),
  /** The town's state or province (GeoNames' English name). */
  region: z.string().nullable(),
  town: z.string().nullable(),
  distance_km: z.number().nullable(),
});

export const whereIs = defineCall({
  name: 'Member/whereis',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'Where a point on the map is, offline: its country (from borders) and the nearest town of it',
  request: z.object({ lat: requiredCoordinate(90), lng: requiredCoordinate(180) }),
  response: placeSchema,
});

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
