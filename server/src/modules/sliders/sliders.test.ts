import { readdir } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { bearer } from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import {
  ELEVEN_MB,
  MAX_IMAGE_BYTES,
  gifImage,
  jpegImage,
  paddedPng,
  pngImage,
  scriptBytes,
  webpImage,
} from '../../test/images.js';
import { Slider } from './slider.model.js';
import { appWithOwner } from '../../test/shop.js';

const MISSING_ID = '64b0000000000000000000aa';

describe('sliders', () => {
  const shop = appWithOwner();
  beforeEach(async () => {
    await Slider.deleteMany({});
    await shop.ctx.clearUploads();
  });

  const storedFiles = async () => (await readdir(shop.ctx.uploadDir)).filter((f) => !f.endsWith('.tmp'));

  async function addSlider(title = 'Bhringraj oil', image?: Buffer, name = 'slide.png') {
    const req = shop.ctx.http
      .post('/sliders/addSlider')
      .set(bearer(shop.admin))
      .field('title', title)
      .field('description', 'Cold-pressed with herbs');
    return req.attach('image', image ?? (await pngImage()), { filename: name, contentType: 'image/png' });
  }

  it('refuses every write without a valid admin token', async () => {
    await expectAdminOnly(shop.ctx, 'post', '/sliders/addSlider');
    await expectAdminOnly(shop.ctx, 'put', `/sliders/updateSlider/${MISSING_ID}`);
    await expectAdminOnly(shop.ctx, 'delete', `/sliders/deleteSlider/${MISSING_ID}`);
    expect(await Slider.countDocuments()).toBe(0);
  });

  it('adds a slider whose image is served from its URL, and lists it publicly', async () => {
    const png = await pngImage();
    const res = await addSlider('  Bhringraj oil  ', png);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Bhringraj oil', description: 'Cold-pressed with herbs' });
    expect(res.body.message).toBe(MESSAGES.sliderSaved('Bhringraj oil', 'added'));

    const list = await shop.ctx.http.get('/sliders/getSliders');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        _id: res.body._id,
        id: res.body._id,
        title: 'Bhringraj oil',
        description: 'Cold-pressed with herbs',
        image: res.body.image,
        // A 4 px image is smaller than every variant width: it is served as it is.
        imageSrcSet: null,
      },
    ]);
    expect(list.headers['cache-control']).toContain('public');
    expect(list.headers.etag).toBeTruthy();
    const again = await shop.ctx.http.get('/sliders/getSliders').set('If-None-Match', list.headers.etag!);
    expect(again.status).toBe(304);

    const image = await shop.ctx.http.get(res.body.image).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
    // The stored name is the server's own, never the client's.
    expect(res.body.image).not.toContain('slide');
  });

  it('accepts JPEG and GIF images by their bytes', async () => {
    expect((await addSlider('jpeg', await jpegImage(), 'a.jpg')).status).toBe(201);
    expect((await addSlider('gif', await gifImage(), 'a.gif')).status).toBe(201);
  });

  it('answers blank title or description with the spec message in error and a reason in details', async () => {
    for (const [title, description] of [
      ['', 'text'],
      ['Title', '   '],
      ['  ', ''],
    ]) {
      const res = await shop.ctx.http
        .post('/sliders/addSlider')
        .set(bearer(shop.admin))
        .field('title', title!)
        .field('description', description!)
        .attach('image', await pngImage(), 'a.png');
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.sliderTitleDescriptionRequired);
      expect(res.body.details).toBeTruthy();
    }
    expect(await storedFiles()).toEqual([]);
  });

  it('requires an image when adding', async () => {
    const res = await shop.ctx.http
      .post('/sliders/addSlider')
      .set(bearer(shop.admin))
      .field('title', 'No picture')
      .field('description', 'none');
    expect(res.status).toBe(400);
    expect(res.body.error).toBeTruthy();
    expect(await Slider.countDocuments()).toBe(0);
  });

  it('rejects a script named .png declared as image/png, and WebP (not a slider type)', async () => {
    const spoofed = await addSlider('Spoof', scriptBytes(), 'x.png');
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.error).toBe(MESSAGES.imageTypeNotAllowed);
    expect(spoofed.body.details).toContain('x.png');
    const webp = await addSlider('WebP', await webpImage(), 'y.png');
    expect(webp.status).toBe(400);
    expect(webp.body.error).toBe(MESSAGES.imageTypeNotAllowed);
    expect(await Slider.countDocuments()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('rejects an 11 MB image with 413 and leaves no file behind; exactly 10 MB is accepted', async () => {
    const big = await addSlider('Big', await paddedPng(ELEVEN_MB), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body.error).toBe(MESSAGES.imageTooLarge);
    const oneTooMany = await addSlider('Big', await paddedPng(MAX_IMAGE_BYTES + 1), 'big.png');
    expect(oneTooMany.status).toBe(413);
    expect(await storedFiles()).toEqual([]);
    expect(await Slider.countDocuments()).toBe(0);

    const limit = await addSlider('Exactly 10 MB', await paddedPng(MAX_IMAGE_BYTES), 'ok.png');
    expect(limit.status).toBe(201);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('allows at most 3 sliders', async () => {
    for (const title of ['One', 'Two', 'Three']) expect((await addSlider(title)).status).toBe(201);
    const fourth = await addSlider('Four');
    expect(fourth.status).toBe(400);
    expect(fourth.body.error).toBe(MESSAGES.sliderLimitReached);
    expect(fourth.body.details).toBeTruthy();
    expect(await storedFiles()).toHaveLength(3);
  });

  it('holds the limit when 10 admins add at the same moment: 3 added, 7 refused, no orphan files', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => addSlider(`Parallel ${i}`)));
    const added = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 400);
    expect(added).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.body.error).toBe(MESSAGES.sliderLimitReached);
    expect(await Slider.countDocuments()).toBe(3);
    expect((await shop.ctx.http.get('/sliders/getSliders')).body).toHaveLength(3);
    expect(await storedFiles()).toHaveLength(3);
  });

  it('frees a place when a slider is deleted', async () => {
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) ids.push((await addSlider(title)).body._id);
    const del = await shop.ctx.http.delete(`/sliders/deleteSlider/${ids[0]}`).set(bearer(shop.admin));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(MESSAGES.sliderSaved('One', 'deleted'));
    expect((await addSlider('Four')).status).toBe(201);
    const titles = (await shop.ctx.http.get('/sliders/getSliders')).body.map((s: { title: string }) => s.title);
    expect(titles).toEqual(['Two', 'Three', 'Four']);
  });

  it('updates text only, keeping the image, and replacing the image removes the old file', async () => {
    const created = (await addSlider('Old title')).body;
    const [oldFile] = await storedFiles();

    const textOnly = await shop.ctx.http
      .put(`/sliders/updateSlider/${created._id}`)
      .set(bearer(shop.admin))
      .field('title', 'New title')
      .field('description', 'New text');
    expect(textOnly.status).toBe(200);
    expect(textOnly.body).toMatchObject({ title: 'New title', description: 'New text', image: created.image });
    expect(textOnly.body.message).toBe(MESSAGES.sliderSaved('New title', 'updated'));

    const withImage = await shop.ctx.http
      .put(`/sliders/updateSlider/${created._id}`)
      .set(bearer(shop.admin))
      .field('title', 'New title')
      .field('description', 'New text')
      .attach('image', await jpegImage(), 'new.jpg');
    expect(withImage.status).toBe(200);
    expect(withImage.body.image).not.toBe(created.image);
    const files = await storedFiles();
    expect(files).toHaveLength(1);
    expect(files).not.toContain(oldFile);
    expect((await shop.ctx.http.get(created.image)).status).toBe(404);
    expect((await shop.ctx.http.get(withImage.body.image)).status).toBe(200);
  });

  it('validates an update like an add and keeps the old image on a bad one', async () => {
    const created = (await addSlider('Keep')).body;
    const blank = await shop.ctx.http
      .put(`/sliders/updateSlider/${created._id}`)
      .set(bearer(shop.admin))
      .field('title', ' ')
      .field('description', 'x');
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe(MESSAGES.sliderTitleDescriptionRequired);
    const spoofed = await shop.ctx.http
      .put(`/sliders/updateSlider/${created._id}`)
      .set(bearer(shop.admin))
      .field('title', 'Keep')
      .field('description', 'x')
      .attach('image', scriptBytes(), { filename: 'x.png', contentType: 'image/png' });
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.error).toBe(MESSAGES.imageTypeNotAllowed);
    expect((await shop.ctx.http.get(created.image)).status).toBe(200);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('answers an invalid id with 400 and an unknown one with 404, storing nothing', async () => {
    const badPut = await shop.ctx.http
      .put('/sliders/updateSlider/not-an-id')
      .set(bearer(shop.admin))
      .field('title', 't')
      .field('description', 'd');
    expect(badPut.status).toBe(400);
    expect((await shop.ctx.http.delete('/sliders/deleteSlider/not-an-id').set(bearer(shop.admin))).status).toBe(400);

    const missingPut = await shop.ctx.http
      .put(`/sliders/updateSlider/${MISSING_ID}`)
      .set(bearer(shop.admin))
      .field('title', 't')
      .field('description', 'd')
      .attach('image', await pngImage(), 'a.png');
    expect(missingPut.status).toBe(404);
    expect((await shop.ctx.http.delete(`/sliders/deleteSlider/${MISSING_ID}`).set(bearer(shop.admin))).status).toBe(
      404,
    );
    expect(await storedFiles()).toEqual([]);
  });

  it('deleting a slider removes its image file', async () => {
    const created = (await addSlider('Gone')).body;
    expect(await storedFiles()).toHaveLength(1);
    await shop.ctx.http.delete(`/sliders/deleteSlider/${created._id}`).set(bearer(shop.admin));
    expect(await storedFiles()).toEqual([]);
    expect((await shop.ctx.http.get('/sliders/getSliders')).body).toEqual([]);
  });
});
