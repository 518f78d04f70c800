import { describe, expect, it } from 'vitest';
import { parseRemotesManifest } from './remotes-manifest.js';

describe('/remotes.json', () => {
  it('keeps known remotes, made absolute against the page', () => {
    expect(
      parseRemotesManifest(
        {
          mfe_onboarding: '/remotes/mfe-onboarding/mf-manifest.json',
          mfe_actions: 'https://cdn.example.com/actions/mf-manifest.json',
          mfe_unknown: '/remotes/x/mf-manifest.json',
          mfe_meetings: 42,
        },
        'https://meetings.example.com/app/meetings',
      ),
    ).toEqual({
      mfe_onboarding: 'https://meetings.example.com/remotes/mfe-onboarding/mf-manifest.json',
      mfe_actions: 'https://cdn.example.com/actions/mf-manifest.json',
    });
  });

  it('treats anything else as no remotes', () => {
    expect(parseRemotesManifest(null, 'https://x.example')).toEqual({});
    expect(parseRemotesManifest('nope', 'https://x.example')).toEqual({});
  });
});
