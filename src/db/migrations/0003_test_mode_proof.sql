-- Measurements and verification statements made by test helpers (or any test-mode
-- flow) must never reach live readers or live companies' event logs. Live reads see
-- livemode = true only; test reads see both, so test allocations on real plantings
-- still show the real proof.
ALTER TABLE monitorings ADD COLUMN livemode boolean NOT NULL DEFAULT true;
ALTER TABLE verifications ADD COLUMN livemode boolean NOT NULL DEFAULT true;
