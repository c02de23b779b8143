import { describe, expect, it } from 'vitest';
import { tutorialFor } from '../src/lib/tutorial-videos';

const TABLE = {
  '/networks': 'https://videos.example.com/networks',
  '/surveys/:id/questions': 'https://videos.example.com/questions',
};

describe('Watch Tutorial', () => {
  it('finds the video of the route pattern the page matches', () => {
    expect(tutorialFor(TABLE, '/networks')).toBe('https://videos.example.com/networks');
    expect(tutorialFor(TABLE, '/networks/')).toBe('https://videos.example.com/networks');
    expect(tutorialFor(TABLE, '/surveys/3f0c/questions')).toBe('https://videos.example.com/questions');
  });

  it('has none for pages the table does not name, nor for their children', () => {
    expect(tutorialFor(TABLE, '/surveys')).toBeNull();
    expect(tutorialFor(TABLE, '/surveys/3f0c/details')).toBeNull();
    expect(tutorialFor(TABLE, '/networks/explore/3f0c')).toBeNull();
    expect(tutorialFor({}, '/networks')).toBeNull();
  });
});
