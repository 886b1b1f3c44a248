import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { fill } from './members.ts';

/** A 1x1 PNG: a real, well-formed picture for the three KYC uploads. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * From the home page of a logged-in member: opens identity verification, fills in the details (Malaysia, passport),
 * uploads the three pictures and submits, ending on the "waiting" step. With `shots`, screenshots of the details and
 * upload steps are saved as `<shots>-details` and `<shots>-upload`.
 */
export async function submitKycInBrowser(phone: Page, name: string, idNumber: string, shots?: string) {
  await phone.getByTestId('home-area-kyc').click();
  await phone.getByTestId('kyc-details-form').waitFor();
  await phone.getByTestId('kyc-country').selectOption('MY');
  await phone.getByTestId('kyc-id-type-Passport').click();
  await fill(phone, 'kyc-name', name);
  await fill(phone, 'kyc-id-number', idNumber);
  if (shots) await screenshot(phone, `${shots}-details`);
  await phone.getByTestId('kyc-next').click();
  await phone.getByTestId('kyc-upload').waitFor();
  for (const side of ['front', 'back', 'holding'])
    await phone
      .getByTestId(`kyc-picture-${side}-input`)
      .setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: PNG });
  await phone.getByTestId('kyc-picture-holding-preview').waitFor();
  if (shots) await screenshot(phone, `${shots}-upload`);
  await phone.getByTestId('kyc-submit').click();
  await phone.getByTestId('kyc-waiting').waitFor();
}
