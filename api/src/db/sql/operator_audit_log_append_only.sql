-- The operator audit log is append-only: any UPDATE, DELETE or TRUNCATE of operator_audit_log raises.
--
-- Created by migration 0029. Triggers: operator_audit_log_no_change (UPDATE or DELETE, per row) and
-- operator_audit_log_no_truncate (TRUNCATE, per statement) on operator_audit_log (0029).
CREATE OR REPLACE FUNCTION "operator_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
