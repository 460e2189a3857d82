// The journeys (journeys.mjs) in Chromium.
import { runJourneys } from './journeys.mjs';

runJourneys('chromium');
