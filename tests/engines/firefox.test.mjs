// The journeys (journeys.mjs) in Firefox ESR.
import { runJourneys } from './journeys.mjs';

runJourneys('firefox');
