// The journeys (journeys.mjs) in WebKitGTK, Safari's engine.
import { runJourneys } from './journeys.mjs';

runJourneys('webkit');
