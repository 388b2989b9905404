-- Removing a person now revokes their tokens (so adding them back does not revive
-- them). Tokens of people removed before that are revoked here, as of their removal.
UPDATE api_tokens t
SET revoked_at = u.removed_at
FROM users u
WHERE t.owner_user_id = u.id AND u.removed_at IS NOT NULL AND t.revoked_at IS NULL;
