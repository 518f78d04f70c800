import {
  ActionsOptionValues,
  AgendaOptionValues,
  Subjects,
  type DuplicateMeetingBody,
  type Meeting,
} from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

let h: Harness;
let owner: Client;
let viewerUser: TestUser;
beforeAll(async () => {
  h = await Harness.start();
  owner = h.as(testUser());
  viewerUser = testUser();
});
afterAll(async () => {
  await h?.close();
});

/** A source with one open and one completed agenda item and action, notes, and a shared user. */
async function source(): Promise<Meeting> {
  const { id } = await owner.create('Sprint review', '2031-04-01T09:00:00.000Z');
  await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, { email: viewerUser.email });
  await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, { text: 'Agenda open' });
  const agenda = await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, {
    text: 'Agenda done',
  });
  await owner.change('PUT', `/api/meetings/${id}/update-agenda-item/${agenda.agenda[1]!.id}`, {
    completed: true,
  });
  await owner.change('PUT', `/api/meetings/${id}/update-notes`, {
    notes: '<p><strong>Notes</strong></p>',
  });
  await owner.change('PUT', `/api/meetings/${id}/add-action-item`, { text: 'Action done' });
  const actions = await owner.change('PUT', `/api/meetings/${id}/add-action-item`, {
    text: 'Action open #carry',
  });
  return owner.change('PUT', `/api/meetings/${id}/update-action-item/${actions.actions[0]!.id}`, {
    completed: true,
  });
}

const combinations: DuplicateMeetingBody[] = [];
for (const includeShared of [false, true])
  for (const agendaOption of AgendaOptionValues)
    for (const includeNotes of [false, true])
      for (const actionsOption of ActionsOptionValues) {
        combinations.push({
          title: 'Sprint review 2',
          date: '2031-04-08T09:00:00.000Z',
          includeShared,
          agendaOption,
          includeNotes,
          actionsOption,
        });
      }

const items = (list: { text: string; completed: boolean; order: number }[]) =>
  list.map((item) => [item.text, item.completed, item.order]);

describe('duplicating a meeting', () => {
  it('covers every option combination', () => {
    expect(combinations).toHaveLength(24);
  });

  it.each(combinations)(
    'shared $includeShared, agenda $agendaOption, notes $includeNotes, actions $actionsOption',
    async (options) => {
      const original = await source();
      const eventsBefore = (await h.events(original.id)).length;
      const response = await owner.post(`/api/meetings/${original.id}/duplicate`, options);
      expect(response.statusCode, response.body).toBe(201);
      const copy = response.json<{ meeting: Meeting }>().meeting;

      expect(copy).toMatchObject({
        _id: copy.id,
        title: 'Sprint review 2',
        date: '2031-04-08T09:00:00.000Z',
        isOwner: true,
        owner: { id: owner.user!.id },
        seriesId: original.seriesId,
        version: 1,
        sharedWith: options.includeShared ? [viewerUser.email] : [],
        notes: options.includeNotes ? '<p><strong>Notes</strong></p>' : '',
      });
      expect(copy.id).not.toBe(original.id);
      expect(items(copy.agenda)).toEqual(
        options.agendaOption === 'all'
          ? [
              ['Agenda open', false, 1],
              ['Agenda done', true, 2],
            ]
          : [['Agenda open', false, 1]],
      );
      const expectedActions = {
        none: [],
        'move-incomplete': [['Action open #carry', false, 1]],
        all: [
          ['Action done', true, 1],
          ['Action open #carry', false, 2],
        ],
      }[options.actionsOption];
      expect(items(copy.actions)).toEqual(expectedActions);
      expect(
        copy.actions.every((a) => a.hashtags.length === (a.text.includes('#carry') ? 1 : 0)),
      ).toBe(true);

      // New ids throughout.
      const sourceIds = new Set([...original.agenda, ...original.actions].map((item) => item.id));
      expect([...copy.agenda, ...copy.actions].some((item) => sourceIds.has(item.id))).toBe(false);

      const after = await owner.meeting(original.id);
      const sourceEvents = (await h.events(original.id)).slice(eventsBefore);
      if (options.actionsOption === 'move-incomplete') {
        expect(items(after.actions)).toEqual([['Action done', true, 1]]);
        expect(after.version).toBe(original.version + 1);
        expect(sourceEvents).toMatchObject([
          {
            subject: Subjects.MeetingUpserted,
            data: {
              meeting: {
                id: original.id,
                version: after.version,
                actions: [{ text: 'Action done' }],
              },
            },
          },
        ]);
      } else {
        expect(after).toEqual(original);
        expect(sourceEvents).toEqual([]);
      }
      expect(await h.events(copy.id)).toMatchObject([
        {
          subject: Subjects.MeetingUpserted,
          data: { meeting: { id: copy.id, version: 1, seriesId: original.seriesId } },
        },
      ]);
      expect(await owner.meeting(copy.id)).toEqual(copy);
    },
  );

  it('keeps the first meeting’s series through copies of copies', async () => {
    const original = await source();
    const body = { ...combinations[0]! };
    const first = (await owner.post(`/api/meetings/${original.id}/duplicate`, body)).json<{
      meeting: Meeting;
    }>().meeting;
    const second = (await owner.post(`/api/meetings/${first.id}/duplicate`, body)).json<{
      meeting: Meeting;
    }>().meeting;
    expect(second.seriesId).toBe(original.id);
  });

  it('moves nothing and changes nothing in the source when there are no open actions', async () => {
    const { id } = await owner.create('Empty');
    const before = await owner.meeting(id);
    const response = await owner.post(`/api/meetings/${id}/duplicate`, {
      ...combinations[0]!,
      actionsOption: 'move-incomplete',
    });
    expect(response.statusCode).toBe(201);
    expect(await owner.meeting(id)).toEqual(before);
  });

  it('needs every option', async () => {
    const { id } = await owner.create('Source');
    const full = combinations[0]!;
    for (const key of Object.keys(full) as (keyof DuplicateMeetingBody)[]) {
      const partial: Partial<DuplicateMeetingBody> = { ...full };
      delete partial[key];
      expect((await owner.post(`/api/meetings/${id}/duplicate`, partial)).statusCode, key).toBe(
        400,
      );
    }
    for (const bad of [
      { agendaOption: 'some' },
      { actionsOption: 'move' },
      { includeShared: 'yes' },
      { date: 'tomorrow' },
      { title: '' },
    ]) {
      expect(
        (await owner.post(`/api/meetings/${id}/duplicate`, { ...full, ...bad })).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect(
      (await owner.get('/api/meetings?pageSize=100'))
        .json<{ meetings: Meeting[] }>()
        .meetings.filter((m) => m.title === 'Sprint review 2'),
    ).toHaveLength(
      (await owner.get('/api/meetings?pageSize=100&title=Sprint%20review%202')).json<{
        meetings: Meeting[];
      }>().meetings.length,
    );
  });
});
