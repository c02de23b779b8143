import { eq, surveys, testEmails } from '@tieline/db';
import { MSG, SURVEY_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { CORRUPT_IMAGES, GIF_1X1, jpeg, WEBP_LOSSY_1X1 } from './image-fixtures';
import { seedSurvey } from './lists-fixtures';
import { restOf } from './surveys-setup';

let app: TestApp;
let owner: SeededUser;
let stranger: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  [owner, stranger] = await Promise.all([seedUser(app, 'individual'), seedUser(app, 'owner')]);
});
afterAll(() => app.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function putImage(cookie: string, surveyId: string, bytes: Buffer, name = 'photo.png', type = 'image/png') {
  const form = new FormData();
  form.set('file', new Blob([bytes], { type }), name);
  const res = await fetch(`${app.url}/api/base/surveys/uploadImage/${surveyId}`, {
    method: 'PUT',
    body: form,
    headers: { cookie, origin: app.url, 'sec-fetch-site': 'same-origin' },
  });
  return { status: res.status, body: (await res.json()) as { message?: string; imageUUID: string; version: number } };
}

describe('survey image', () => {
  it('stores an image, points the survey at it (forced write), serves it back, replaces the old one', async () => {
    const surveyId = await seedSurvey(app, owner);
    const first = await putImage(owner.cookie, surveyId, PNG);
    expect(first.status).toBe(200);
    expect(first.body.imageUUID).toMatch(/^[0-9a-f-]{36}$/);
    const served = await rawRequest(app.url, { path: `/api/base/surveys/image/${first.body.imageUUID}` });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    const second = await putImage(owner.cookie, surveyId, PNG, 'again.jpg', 'image/jpeg');
    expect(second.body.version).toBe(first.body.version + 1);
    expect((await rawRequest(app.url, { path: `/api/base/surveys/image/${first.body.imageUUID}` })).status).toBe(404);
  });

  it('GET /surveys/{id} carries imageURL and image, the address the respondent view shows it at', async () => {
    const surveyId = await seedSurvey(app, owner);
    const rest = restOf(app, owner);
    expect((await rest.get(`/surveys/${surveyId}`)).body).toMatchObject({
      imageUUID: null,
      imageURL: null,
      image: null,
    });
    const put = await putImage(owner.cookie, surveyId, PNG);
    const address = `/api/base/surveys/image/${put.body.imageUUID}`;
    expect(put.body).toMatchObject({ imageURL: address, image: address });
    const got = await rest.get(`/surveys/${surveyId}`);
    expect(got.body).toMatchObject({ imageUUID: put.body.imageUUID, imageURL: address, image: address });
    const [link] = await app.server.deps.db.insert(testEmails).values({ surveyId, to: 't@example.com' }).returning();
    expect((await restOf(app).get(`/surveys/byTestEmailId/${link!.id}`)).body.imageURL).toBe(address);
    expect((await rawRequest(app.url, { path: address })).status).toBe(200);
    const removed = await rest.call('PUT', `/api/base/surveys/${surveyId}`, {
      survey: { version: got.body.version, imageUUID: null },
    });
    expect(removed.body).toMatchObject({ imageUUID: null, imageURL: null, image: null });
  });

  it('accepts PNG, JPEG, GIF and WebP and serves each with its own type, whatever the upload claimed', async () => {
    const surveyId = await seedSurvey(app, owner);
    for (const [bytes, type] of [
      [jpeg(16, 8), 'image/jpeg'],
      [GIF_1X1, 'image/gif'],
      [WEBP_LOSSY_1X1, 'image/webp'],
    ] as const) {
      const put = await putImage(owner.cookie, surveyId, bytes, 'photo.png');
      expect([type, put.status]).toEqual([type, 200]);
      const served = await rawRequest(app.url, { path: `/api/base/surveys/image/${put.body.imageUUID}` });
      expect(served.headers['content-type']).toBe(type);
    }
  });

  it.each(CORRUPT_IMAGES)('refuses %s as not an image', async (_, bytes) => {
    const surveyId = await seedSurvey(app, owner);
    expect(await putImage(owner.cookie, surveyId, bytes)).toMatchObject({
      status: 400,
      body: { message: SURVEY_MSG.imageType },
    });
  });

  it('refuses a non-image named .png, an empty file, too large a file, strangers and cross-site posts', async () => {
    const surveyId = await seedSurvey(app, owner);
    const html = await putImage(owner.cookie, surveyId, Buffer.from('<html><script>alert(1)</script>'));
    expect(html).toMatchObject({ status: 400, body: { message: SURVEY_MSG.imageType } });
    expect(await putImage(owner.cookie, surveyId, Buffer.alloc(0))).toMatchObject({
      status: 400,
      body: { message: SURVEY_MSG.imageRequired },
    });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expect(await putImage(owner.cookie, surveyId, big)).toMatchObject({
      status: 413,
      body: { message: MSG.bodyTooLarge },
    });
    expect(await putImage(stranger.cookie, surveyId, PNG)).toMatchObject({
      status: 404,
      body: { message: MSG.surveyNotFound },
    });
    expect((await putImage('', surveyId, PNG)).status).toBe(401);
    const form = new FormData();
    form.set('file', new Blob([PNG]), 'a.png');
    const cross = await fetch(`${app.url}/api/base/surveys/uploadImage/${surveyId}`, {
      method: 'PUT',
      body: form,
      headers: { cookie: owner.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
    expect((await rawRequest(app.url, { path: '/api/base/surveys/image/not-a-uuid' })).status).toBe(404);
  });

  it('two uploads at once leave exactly one stored image, the one the survey points at', async () => {
    const surveyId = await seedSurvey(app, owner);
    await putImage(owner.cookie, surveyId, PNG);
    const [a, b] = await Promise.all([putImage(owner.cookie, surveyId, PNG), putImage(owner.cookie, surveyId, PNG)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [row] = await app.server.deps.db.select().from(surveys).where(eq(surveys.id, surveyId));
    const live = [a.body.imageUUID, b.body.imageUUID].map(
      async (id) => (await app.server.deps.storage.get(`survey-images/${id}`)) !== null,
    );
    const stored = await Promise.all(live);
    expect(stored.filter(Boolean)).toHaveLength(1);
    expect(await app.server.deps.storage.get(`survey-images/${row!.imageUuid}`)).not.toBeNull();
  });
});
